cat > access.log <<'EOF'
10.0.0.1 GET /a 200
10.0.0.2 GET /b 404
10.0.0.1 GET /c 200
10.0.0.3 POST /d 500
10.0.0.1 GET /e 200
10.0.0.2 GET /f 200
EOF
awk '{print $1}' access.log | sort | uniq -c | sort -k1,1nr -k2 | head -2 | while read -r n ip; do
  echo "$ip $n"
done
