a=end
declare -n b=a
declare -n c=b
echo "$c"
c=new
echo "$a"
