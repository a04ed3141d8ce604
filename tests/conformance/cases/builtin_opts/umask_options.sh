# check-stderr
umask 022
umask -pS
umask -Sp
umask -- 077
umask
umask -Q
echo "status=$?"
