import { useValidationAccelerator, validationAccelerator } from '../../metadata/validation-accelerator';
import { openValidationAccelerator } from './validation-accelerators';

// Imported by each entry of @tessera/core before anything validates: the built-in validation accelerator, unless
// one is installed already (a second entry of the same copy) or TESSERA_ACCELERATORS=off. Opening it reads the
// switch only; each shortcut probes what it shadows on its first use.
if (!validationAccelerator()) useValidationAccelerator(openValidationAccelerator());
