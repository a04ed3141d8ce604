# A subscript in arithmetic text read from a variable is expanded before
# it is evaluated: parameters, command substitutions, backquotes.
x='a[$(echo 42)]=1'
echo $(( x ))
declare -p a
i=2; y='b[$i]=5'; (( y )); declare -p b
declare -A A; k=key; z='A[$k]=7'; (( z )); declare -p A
w='c[`echo 3`]+=2'; echo $(( w )); declare -p c
echo $(( a[$(echo 42)] ))
