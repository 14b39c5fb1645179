// One switch for every package's accelerators, read the same way everywhere (TESSERA_ACCELERATORS).
export { ACCELERATORS_ENV, acceleratorOff, acceleratorsOff } from '@tessera/common';
