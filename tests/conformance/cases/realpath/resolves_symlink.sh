mkdir -p d; touch d/target; ln -s d/target link
realpath --relative-to=. link
