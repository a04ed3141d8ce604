# check-stderr
a=(); b=(''); c=('' ''); d=(x); declare -a e; declare -A h=([k]='')
for n in a b c d e; do
  declare -n r=$n
  eval 'echo "$n: [${'$n'[@]-U}] [${'$n'[@]:-N}] [${'$n'[@]+S}] [${'$n'[@]:+NN}] [${'$n'[*]-U}] [${'$n'[*]:-N}] [${'$n'[*]:+NN}] [${'$n'-U}] [${'$n':-N}]"'
done
echo "h: [${h[@]-U}] [${h[@]:-N}] [${h[k]-U}] [${h[k]:-N}] [${h[z]-U}] [${h[z]+S}]"
unset f; echo "[${f[@]:=x}]" 2>&1; echo "f=${f[*]}"
g=(1); echo "${g[5]:=five}"; declare -p g
echo "${g[@]:?err}" 
(echo "${zz[@]:?zz is unset}") 2>&1
(echo "${c[@]:?c empty}") 2>&1
set -- '' ''; echo "[${@:-N}] [${*:-N}] [${@:+S}] [${*:+S}] [${@-U}]"
set --; echo "[${@:-N}] [${*-U}] [${@+S}]"
IFS=; set -- '' ''; echo "[${*:-N}]"; unset IFS
IFS=; c=("" ""); echo "[${c[*]:-N}]" "[${c[@]:+S}]"; unset IFS
