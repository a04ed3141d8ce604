# check-stderr
# The first element of an associative compound assignment decides its
# form: [k]=v elements (an unkeyed one is refused with a message), or
# alternating keys and values (where [k]=v is just a word).
declare -A a
a=([k]=v x y)
declare -p a
echo "status: $?"
a=(x y [k]=v z)
declare -p a
declare -A b=(one 1 two)
declare -p b
s=world
declare -A s+=([a]=x)
declare -p s
declare -a i=(1 2)
declare -A i
echo "indexed to assoc: $?"
declare -p i
declare -A m=([a]=1)
declare -a m
echo "assoc to indexed: $?"
declare -p m
f() { local -A i=([x]=1); declare -p i; }
f
