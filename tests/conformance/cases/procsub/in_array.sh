# Process substitutions as array elements, alone, joined to words, keyed.
a=(<(echo one) x<(echo two)y plain)
echo "${#a[@]}"
echo "${a[1]%/*}" "${a[2]}" | sed 's/[0-9][0-9]*/N/g'
i=([1]=<(true))
echo "${i[1]%/*}"
b=(first
   <(echo nl)
)
echo "${#b[@]}"
c=({x,y}<(true))
echo "${#c[@]}" "${c[1]%%/*}"
