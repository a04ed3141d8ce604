v='hello world'
echo "${v@A}"
declare -i n=5
echo "${n@A}"
