printf '' | { sleep 0.5; read -t 0; echo "empty closed pipe: $?"; }
echo x | { sleep 0.5; read -t 0; echo "data waiting: $?"; read -r v; echo "then $v"; }
