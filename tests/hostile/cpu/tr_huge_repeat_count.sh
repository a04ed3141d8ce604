# `[c*n]` with n near 2^64 is never expanded: tr pairs ARRAY1 and ARRAY2
# run by run, so the translation table is built at once.
# expect-stop: none
# expect-max-seconds: 1
# expect-stdout: bbc
echo abc | tr '[a*18446744073709551614]' '[b*18446744073709551614]'
