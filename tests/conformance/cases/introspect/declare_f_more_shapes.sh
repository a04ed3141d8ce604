f1() { g() { echo inner; }; g; }
f2() { select x in a b; do break; done; for (( i = 0 ; i < 2 ; i++ )); do :; done; }
f3() { case "$1" in "a b") echo q ;; *.txt|*.md) echo doc ;; esac; }
f4() { local -a arr=(1 2 3); arr+=(4); echo "${arr[@]}" ${#arr[@]} ${arr[0]:-x}; }
f5() { while :; do if true; then break; fi; done; until false; do break; done; }
f6() { echo a \
  b; echo 'single' "double $x"; }
f7() { { echo a; echo b; } | cat; echo x | { read l; echo $l; }; }
f8() { [ -f x ] && echo y; test -d z || echo n; }
f9() { echo $(( 1 + 2 )) $((x*2)); let x=1; }
f10() { cat <<'EOF' > out
literal $x
EOF
}
f11() { exec 3>&1 4>&2; echo hi >&3; exec 3>&- 4>&-; }
f12() { :; } 2>/dev/null
f13() { if a; then :; elif b; then :; elif c; then :; fi; }
declare -f
