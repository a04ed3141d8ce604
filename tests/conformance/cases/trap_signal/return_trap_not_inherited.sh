trap 'echo RET' RETURN
g() { echo g; }
g
echo end
