# ARGV, ARGC, var=value operands between files, -v.
printf 'a\n' > f1
printf 'b\n' > f2
awk -v pre=P '{ print pre, x, FILENAME, $0 }' f1 x=1 f2
awk 'BEGIN { for (i = 0; i < ARGC; i++) print i, ARGV[i] }' one two
awk -v 'msg=a\tb' 'BEGIN { print msg }'
rm f1 f2
