source /dev/stdin
echo $(echo $(echo $(echo $(echo deep))))
