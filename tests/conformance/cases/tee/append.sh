echo one > f
echo two | tee -a f
echo three | tee --append f >/dev/null
cat f
