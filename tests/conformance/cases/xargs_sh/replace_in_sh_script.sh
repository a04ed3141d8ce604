printf 'x\ny\n' | xargs -I{} sh -c 'echo "item {}"; echo done'
