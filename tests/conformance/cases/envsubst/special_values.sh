export V='a b  c
second line'
echo '[$V]' | envsubst
W='' envsubst <<< '[$W]'
