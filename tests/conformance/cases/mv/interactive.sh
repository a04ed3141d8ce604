echo new > a; echo old > b
echo n | mv -i a b 2>/dev/null; echo "[$?]"; cat b; ls
echo y | mv -i a b 2>/dev/null; echo "[$?]"; cat b; ls
