printf 'define void f() { print "hi\\n"; }\nf()\n' | bc
