template='Hello {{name}}, you have {{count}} new messages.'
declare -A vals=([name]=Ada [count]=3)
out=$template
for k in "${!vals[@]}"; do
  out=${out//"{{$k}}"/${vals[$k]}}
done
echo "$out"
