echo longer-content > f
echo s | tee f >/dev/null
cat f
