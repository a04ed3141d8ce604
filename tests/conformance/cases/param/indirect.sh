v=target
target=hi
echo ${!v}
