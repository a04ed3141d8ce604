x=1
cat <<'EOF'
$x `a` $(b) \$
EOF
cat <<"END"
$x
END
cat <<\STOP
$x
STOP
