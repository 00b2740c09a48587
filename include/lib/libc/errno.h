/*
 * Error numbers for the internal convention of lib/ and drivers/: 0 on
 * success, a negative value of these on failure (docs/design/error-policy.rst).
 * The values are Linux's, so -EINVAL is -22 as PMF's ABI expects.
 */
#ifndef ERRNO_H
#define ERRNO_H

#define ENOENT    2   /* no such item */
#define EIO       5   /* the device answered with an error */
#define E2BIG     7   /* too big for its room */
#define ENOMEM    12  /* a table or pool is full */
#define EFAULT    14  /* a bad address */
#define EBUSY     16  /* already in use */
#define EEXIST    17  /* already present */
#define ENODEV    19  /* no such device */
#define EINVAL    22  /* an invalid argument */
#define ERANGE    34  /* out of range */
#define ENOSYS    38  /* not implemented */
#define EBADMSG   74  /* malformed data */
#define ETIMEDOUT 110 /* no answer within the bound */

#endif
