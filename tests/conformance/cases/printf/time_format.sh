# printf %(fmt)T: strftime of seconds since the epoch (-1 now, -2 the
# shell start, none now), width and precision, TZ when exported.
unset TZ
printf '%(%Y-%m-%d %H:%M:%S)T\n' 0
printf '[%10(%H)T] [%-6(%M)T] [%.3(%A)T]\n' 3600 60 0
printf '%()T|\n' 86399
TZ=Asia/Tokyo
printf 'unexported: %(%H %Z)T\n' 0
export TZ=Asia/Tokyo
printf 'exported: %(%H %Z %z)T\n' 0
TZ=America/New_York printf 'prefix: %(%H %Z)T\n' 0
unset TZ
printf '%(%s)T %(%j %U %a %b %e %p %I %y %C)T\n' 12345 1000000000
printf '%(%s)T\n' abc; echo "rc=$?"
printf -v v '%(%F)T' 86400; echo "v=$v"
x=$(printf '%(%Y)T' -1); [ "$x" -ge 2026 ] && echo "now is a year"
y=$(printf '%(%Y)T'); [ "$y" = "$x" ] && echo "no argument is now"
s=$(printf '%(%s)T' -2); n=$(printf '%(%s)T' -1); (( n - s < 60 && n >= s )) && echo "start is before now"
printf '%(%%|%n|%t|%Ez|%Oy)T\n' 0
