unset v
x=inner
echo ${v:-$x-$(echo c)-$((1+2))}
