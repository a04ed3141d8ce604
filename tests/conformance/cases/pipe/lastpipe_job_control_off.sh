shopt -s lastpipe
echo 42 | read -r n
echo "n=$n"
(( n == 42 )) && echo ok
