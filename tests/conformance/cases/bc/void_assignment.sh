# check-stderr
printf 'define void f() { print "x\\n"; }\nf(); x = f()\n' | bc
