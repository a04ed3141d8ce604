shopt -s
echo "--"
shopt -s extglob
shopt -ps
echo "--"
shopt -q nullglob || echo "nullglob off"
shopt -q extglob && echo "extglob on"
