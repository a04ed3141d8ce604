expr='12+ 3*(4-1)'
tokens=()
i=0 num=
while (( i < ${#expr} )); do
  ch=${expr:i:1}
  case $ch in
    [0-9]) num+=$ch ;;
    *) [[ -n $num ]] && { tokens+=("NUM:$num"); num=; }
       case $ch in
         ' ') ;;
         [-+*/]) tokens+=("OP:$ch") ;;
         '('|')') tokens+=("PAREN:$ch") ;;
       esac ;;
  esac
  ((i++))
done
[[ -n $num ]] && tokens+=("NUM:$num")
printf '%s\n' "${tokens[@]}"
