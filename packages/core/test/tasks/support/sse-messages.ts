/** The JSON-RPC messages of an SSE response, as they arrive. */
export function messagesOf(response: Response) {
  const heard: Record<string, any>[] = [];
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const pump = (async () => {
    for (;;) {
      const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }));
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const frame = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = frame.split('\n').find((line) => line.startsWith('data: '));
        if (data) heard.push(JSON.parse(data.slice(6)));
      }
    }
  })();
  return {
    heard,
    async until(holds: (heard: Record<string, any>[]) => boolean): Promise<void> {
      const deadline = Date.now() + 3000;
      while (!holds(heard)) {
        if (Date.now() > deadline) throw new Error(`not heard; so far: ${JSON.stringify(heard)}`);
        await new Promise((r) => setTimeout(r, 5));
      }
    },
    async close(): Promise<void> {
      await reader.cancel();
      await pump;
    },
  };
}
