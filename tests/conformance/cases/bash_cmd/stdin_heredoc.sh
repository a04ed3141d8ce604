bash <<'EOF'
x=3
echo "heredoc $x"
EOF
