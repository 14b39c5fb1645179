import { IsBoolean, IsIn, IsInt, IsString, Max, MaxLength, Min, MinLength } from 'class-validator';
import { Args, Ctx, Elicit, Field, Prompt, Provider, Tool, type ExecutionContext } from '@tessera/core';

export class BookingArgs {
  @Field({ description: 'The restaurant to book' })
  @IsString()
  @MinLength(2)
  restaurant!: string;
}

/** The one question of `book_table`: its titles and descriptions are what a client's form shows. */
export class Seating {
  @Field({ title: 'Number of guests', description: 'How many people are coming, you included' })
  @IsInt()
  @Min(1)
  @Max(12)
  guests!: number;

  @Field({ title: 'Seating area', description: 'Where in the restaurant you would like to sit' })
  @IsIn(['terrace', 'dining room', 'bar'])
  area!: string;
}

export class EveningArgs {
  @Field({ description: 'The city of the evening out' })
  @IsString()
  @MinLength(2)
  city!: string;
}

export class CuisineChoice {
  @Field({ title: 'Cuisine', description: 'The kind of food for the evening' })
  @IsIn(['italian', 'japanese'])
  cuisine!: string;
}

export class DishChoice {
  @Field({ title: 'Dish', description: 'The dish to pre-order' })
  @IsString()
  @MinLength(2)
  @MaxLength(40)
  dish!: string;
}

export class Confirmation {
  @Field({ title: 'Confirm', description: 'Reserve the evening as planned' })
  @IsBoolean()
  confirm!: boolean;
}

export class InvitationArgs {
  @Field({ description: 'What the guest is invited to' })
  @IsString()
  event!: string;
}

export class Guest {
  @Field({ title: 'Guest name', description: 'Whom the invitation is addressed to' })
  @IsString()
  @MinLength(1)
  name!: string;
}

export class WineArgs {
  @Field({ description: 'The dish the wine goes with' })
  @IsString()
  @MinLength(2)
  dish!: string;
}

export class WineChoice {
  @Field({ title: 'Wine colour', description: 'Red or white with the dish' })
  @IsIn(['red', 'white'])
  colour!: string;
}

/**
 * One tool with one question, one flow of three sequential rounds, one prompt that asks, and one task tool
 * whose question is asked while its task is parked.
 */
@Provider()
export class ConciergeProvider {
  @Tool({ description: 'Book a table: asks how many guests and where to sit' })
  book_table(
    @Args() args: BookingArgs,
    @Elicit<BookingArgs>({
      key: 'seating',
      message: ({ args }) => `How should we seat you at ${args.restaurant}?`,
      schema: Seating,
    })
    seating: Seating,
  ): string {
    return `Booked ${args.restaurant}: a table for ${seating.guests} in the ${seating.area} area.`;
  }

  /** Three rounds: each question is built from the answer before it (which travels in the sealed state). */
  @Tool({ description: 'Plan an evening in three questions: cuisine, then a dish, then a confirmation' })
  plan_evening(
    @Args() args: EveningArgs,
    @Elicit<EveningArgs>({
      key: 'cuisine',
      message: ({ args }) => `What would you like to eat in ${args.city}?`,
      schema: CuisineChoice,
    })
    cuisine: CuisineChoice,
    @Elicit({
      key: 'dish',
      after: ['cuisine'],
      message: ({ answers }) => `Which ${(answers.cuisine as CuisineChoice).cuisine} dish should we pre-order?`,
      schema: DishChoice,
    })
    dish: DishChoice,
    @Elicit({
      key: 'confirm',
      after: ['dish'],
      message: ({ answers }) => `Reserve an evening of ${(answers.dish as DishChoice).dish}?`,
      schema: Confirmation,
    })
    confirmation: Confirmation,
  ): string {
    if (!confirmation.confirm) return `Nothing reserved in ${args.city}.`;
    return `Reserved in ${args.city}: ${cuisine.cuisine} food, ${dish.dish} pre-ordered.`;
  }

  /** Runs as a task: the question parks it input_required, the answer comes back through tasks/update. */
  @Tool({ description: 'Order the wine, as a task: asks which colour', task: 'required' })
  async order_wine(
    @Args() args: WineArgs,
    @Elicit<WineArgs>({
      key: 'colour',
      message: ({ args }) => `Which wine with the ${args.dish}?`,
      schema: WineChoice,
    })
    wine: WineChoice,
    @Ctx() ctx: ExecutionContext,
  ): Promise<string> {
    await ctx.task?.status('asking the cellar');
    return `Ordered a ${wine.colour} wine for the ${args.dish} (task ${ctx.task ? 'yes' : 'no'}).`;
  }

  @Prompt({ description: 'Write an invitation: asks whom it is for' })
  invitation(
    @Args() args: InvitationArgs,
    @Elicit<InvitationArgs>({ key: 'guest', message: ({ args }) => `Who is invited to ${args.event}?`, schema: Guest })
    guest: Guest,
  ): string {
    return `Write a warm invitation to ${args.event} for ${guest.name}.`;
  }
}
