readonly A=1 B=2
echo $A $B
readonly -p | grep -E ' (A|B)='
