unset a b
echo ${a:-${b:-deep}}
b=mid
echo ${a:-${b:-deep}}
