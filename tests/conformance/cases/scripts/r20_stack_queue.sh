# stack and queue with arrays: push/pop/peek, shift-based queue, bracket matching
stack=()
push() { stack+=("$1"); }
pop() {
  (( ${#stack[@]} )) || return 1
  REPLY=${stack[-1]}
  unset 'stack[-1]'
}
peek() { (( ${#stack[@]} )) && REPLY=${stack[${#stack[@]}-1]}; }
check_brackets() {
  local s=$1 i c
  stack=()
  for (( i = 0; i < ${#s}; i++ )); do
    c=${s:i:1}
    case $c in
      '('|'['|'{') push "$c" ;;
      ')'|']'|'}')
        pop || { echo "$s: unexpected '$c' at $i"; return 1; }
        case $REPLY$c in
          '()'|'[]'|'{}') ;;
          *) echo "$s: mismatch '$REPLY' vs '$c' at $i"; return 1 ;;
        esac ;;
    esac
  done
  (( ${#stack[@]} == 0 )) && echo "$s: balanced" || { peek; echo "$s: unclosed '$REPLY'"; return 1; }
}
for s in '(a[b]{c})' '(]' 'x)' '{[(' ''; do check_brackets "$s"; done
queue=(job1 job2 job3)
queue+=(job4)
while (( ${#queue[@]} > 0 )); do
  job=${queue[0]}
  queue=("${queue[@]:1}")
  echo "processing $job, ${#queue[@]} left"
  [[ $job == job2 ]] && queue+=(job2-retry)
done
push a; push b; push c; pop; pop
echo "stack after pops: ${stack[*]} (popped $REPLY), indices: ${!stack[*]}"
