# small state machine with case: tokenising a key=value config with quotes and comments
input='name = "my app" # the name
port=8080
  # a comment line
debug = yes
path="/a b/c"'
state=key key='' val='' n=0
emit() { n=$((n + 1)); printf '%d: %s=<%s>\n' "$n" "$key" "$val"; key='' val=''; }
while IFS= read -r line; do
  state=key
  for (( i = 0; i < ${#line}; i++ )); do
    ch=${line:i:1}
    case $state:$ch in
      key:'#') state=comment ;;
      key:' ') ;;
      key:=) state=value ;;
      key:*) key+=$ch ;;
      value:'"') state=quoted ;;
      value:'#') state=comment ;;
      value:' ') [[ -n $val ]] && state=done ;;
      value:*) val+=$ch ;;
      quoted:'"') state=done ;;
      quoted:*) val+=$ch ;;
      done:'#') state=comment ;;
      comment:*|done:*) ;;
    esac
  done
  case $state in
    value|done) emit ;;
    quoted) echo "error: unterminated quote in: $line" ;;
    comment) [[ -n $key ]] && emit || echo "(skipped comment)" ;;
  esac
done <<< "$input"
echo "parsed $n settings, final state $state"
