# A function body is read once, when it is defined: its `$'\u…'` keeps
# the locale of that moment, whatever the locale when it runs.
f() { echo $'\u00e9' | od -An -c; }
LC_ALL=C.UTF-8
g() { echo $'\u00e9' | od -An -c; }
f
g
LC_ALL=C
f
g
LC_ALL=C.UTF-8
eval "echo \$'\\u00e9'" | od -An -c
if true; then
    LC_ALL=C
    echo $'\u00e9' | od -An -c
fi
echo $'\u00e9' | od -An -c
