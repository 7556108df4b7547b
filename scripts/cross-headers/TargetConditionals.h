/* Compile checks only (see README.md): an iPhone device, as Xcode's SDK says. */
#ifndef YUNNORI_CHECK_TARGET_CONDITIONALS_H
#define YUNNORI_CHECK_TARGET_CONDITIONALS_H
#define TARGET_OS_MAC 1
#define TARGET_OS_OSX 0
#define TARGET_OS_IPHONE 1
#define TARGET_OS_IOS 1
#define TARGET_OS_SIMULATOR 0
#endif
