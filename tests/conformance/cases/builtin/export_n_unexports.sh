export E1=1
export -n E1
env | grep -c '^E1=' 
echo "E1=$E1"
