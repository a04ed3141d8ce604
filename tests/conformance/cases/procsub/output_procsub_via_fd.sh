exec 5> >(tr a-z A-Z > up.txt)
echo shout >&5
exec 5>&-
wait $!
cat up.txt
