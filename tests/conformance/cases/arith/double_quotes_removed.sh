# bash removes double quotes from an arithmetic expression as it expands
# it; single quotes stay, and are an error.
x=2 n="3"
echo $(( "$x" + 1 )) $(( x + "1" )) $(( "$(echo "4")" * 2 )) $(( "${x}" ))
(( "$x" > 1 )) && echo "gt"
for (( i = "0"; i < "$n"; i++ )); do printf '%s ' "$i"; done; echo
echo $[ "$n" * 2 ]
a=(10 20 30)
echo $(( a["1"] + "${a[2]}" ))
echo $(( '2' + 1 ))
echo "next command runs"
