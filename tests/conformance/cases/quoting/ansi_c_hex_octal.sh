echo $'\x41\102\x43' $'tab[\t]' $'q\"q'
