n=0
for ((;;)); do n=$((n+1)); [ $n -ge 4 ] && break; done
echo $n
