mkdir -p d/e; touch d/e/f; chmod -R 700 d; chmod -Rv go+rX d
