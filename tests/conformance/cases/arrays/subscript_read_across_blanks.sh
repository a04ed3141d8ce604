# Where an assignment may stand, bash reads a NAME[ subscript to its ],
# blanks, newlines and operators included; in a compound assignment a
# word starting [ likewise.
a[1 + 1]=two
i=3
a[ i ]=three b[i - 1]=bee
echo "${a[2]} ${a[3]} ${b[2]}"
a[1
+3]=multi
echo "${a[4]}"
declare -A m=([first name]=Ada [last name]=Lovelace)
echo "${m[first name]} ${m[last name]}"
n=([1 + 1]=x [ 5 ]=y)
declare -p n
echo a[1 ]=x
x=(k[1 ]=v); declare -p x
>/dev/null c[2 * 2]=four; echo "${c[4]}"
if d[1 + 1]=yes; then echo "${d[2]}"; fi
case k[1 in k[1) echo pattern;; esac
