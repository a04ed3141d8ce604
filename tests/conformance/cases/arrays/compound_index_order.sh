# The subscripts of a compound assignment are evaluated one by one as
# the elements are stored: a subscript can read the elements stored
# before it, and an unkeyed element goes after the one stored last.
a=([0]=1+2+3 [a[0]]=10 [a[6]]=hello)
declare -p a
a=(old1 old2 old3)
new1=201 new2=202
a+=([0]=new1 [1]=new2 [5]="${a[2]}" [a[0]]="${a[0]}" [a[1]]="${a[1]}")
declare -p a
b=([5]=a b [1]=c d)
declare -p b
i=1
c=([100+i++]=$((i++)) [200+i++]=$((i++)) tail)
declare -p c
s=str
s+=(a [5]=b c)
declare -p s
d=(1 2 3)
d+=([-1]=last more)
declare -p d
d=([-1]=gone kept)
declare -p d
