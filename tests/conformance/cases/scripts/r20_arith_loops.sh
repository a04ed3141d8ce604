# arithmetic loops with (( )): primes sieve, fibonacci, gcd, bit ops, ternaries, bases
limit=50
sieve=()
for (( i = 2; i <= limit; i++ )); do sieve[i]=1; done
for (( i = 2; i * i <= limit; i++ )); do
  (( sieve[i] )) || continue
  for (( j = i * i; j <= limit; j += i )); do sieve[j]=0; done
done
primes=()
for (( i = 2; i <= limit; i++ )); do (( sieve[i] )) && primes+=("$i"); done
echo "primes<=$limit (${#primes[@]}): ${primes[*]}"
a=0 b=1 fib=()
while (( ${#fib[@]} < 12 )); do fib+=("$a"); (( b = a + b, a = b - a )); done
echo "fib: ${fib[*]}"
gcd() { local x=$1 y=$2 t; while (( y )); do (( t = y, y = x % y, x = t )); done; echo "$x"; }
echo "gcd(1071,462)=$(gcd 1071 462) gcd(17,5)=$(gcd 17 5)"
(( flags = 0 ))
(( flags |= 1 << 2, flags |= 1 << 0 ))
echo "flags=$flags has bit2=$(( (flags >> 2) & 1 )) xor=$(( flags ^ 0xF )) not=$(( ~flags ))"
echo "hex=$((0x1f)) oct=$((017)) bin=$((2#1011)) b36=$((36#zz))"
n=7
echo "n is $(( n % 2 ? 1 : 0 )) odd; pow=$(( 2 ** 10 )); neg mod=$(( -7 % 3 )); div=$(( -7 / 2 ))"
x=5; (( y = x++ + ++x )); echo "x=$x y=$y"
count=0
for (( i = 0, j = 10; i < j; i += 2, j-- )); do (( count++ )); done
echo "count=$count i=$i j=$j"
(( 0 )); echo "zero status=$?"; (( 3 - 3 )) || echo "false branch taken"
total=0; for v in 3 4 5; do (( total += v * v )); done; echo "sum of squares=$total"
let 'z = 6 * 7' 'w = z / 5'; echo "let: z=$z w=$w"
echo "max int wrap: $(( 9223372036854775807 + 1 ))"
