{ sleep 0.5; echo x; } | { read -t 0; echo "nothing yet: $?"; read -r v; echo "then $v"; }
