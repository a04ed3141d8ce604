# declare -a / -A (with or without -p) list only arrays of that kind.
declare -a ia=(1 2)
declare -A aa=([k]=v)
plain=x
declare -a | grep -E ' (ia|aa|plain)='
echo --
declare -A | grep -E ' (ia|aa|plain)='
echo --
declare -pa | grep -E ' (ia|aa|plain)='
echo --
declare -pA | grep -E ' (ia|aa|plain)='
