v=hello.world
echo ${v//[aeiou]/_} ${v/l*o/L} ${v//?/.}
