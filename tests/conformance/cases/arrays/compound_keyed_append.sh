# [key]+=value in a compound assignment appends to the element: to the
# element stored just before in the same list for an indexed array, and
# (bash 5.2) to the array as it was before a plain =(...) for an
# associative one; under declare -i the values are added.
hello=100
a=([hello]=1 [hello]+=2)
declare -p a
a+=([hello]+=:34 [hello]+=:56)
declare -p a
declare -A m=([k]=old)
m=([k]+=new [o]=1 [o]+=3)
declare -p m
m+=([o]+=4)
declare -p m
declare -ai n=([0]=1+1 [0]+=5)
declare -p n
declare -Ai c=([x]=1 [x]+=2)
declare -p c
x=([0]+=only)
declare -p x
set -x
t=([1]+=z q)
set +x
declare -p t
