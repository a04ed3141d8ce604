declare -l lo=MiXeD
declare -u up=MiXeD
echo "$lo $up"
