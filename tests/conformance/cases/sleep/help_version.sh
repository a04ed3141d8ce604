sleep --version | head -n1 | cut -d' ' -f1
sleep --help | head -n2
