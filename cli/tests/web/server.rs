//! A real `impartial serve` for a test: started on a free loopback port, stopped when dropped.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

/// A running server; dropping it kills it.
pub struct Server {
    child: Child,
    /// Its address, `http://127.0.0.1:PORT/`.
    pub url: String,
}

impl Server {
    /// `impartial serve` with `arguments` after `serve`, once it has printed its address.
    pub fn start(arguments: &[&str]) -> Server {
        let mut command = Command::new(env!("CARGO_BIN_EXE_impartial"));
        command.arg("serve").args(arguments);
        Server::start_command(command)
    }

    /// `impartial serve`, allowed at most `files` open file descriptors (`ulimit -n`).
    #[allow(
        dead_code,
        reason = "the browser tests include this file and need no limit"
    )]
    pub fn start_with_file_limit(files: u32) -> Server {
        let mut command = Command::new("sh");
        command.args([
            "-c",
            &format!("ulimit -n {files} && exec \"$0\" serve"),
            env!("CARGO_BIN_EXE_impartial"),
        ]);
        Server::start_command(command)
    }

    /// The server `command` starts, once it has printed its address.
    fn start_command(mut command: Command) -> Server {
        let mut child = command
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("the binary starts");
        let stdout = child.stdout.take().expect("piped");
        let (sender, receiver) = mpsc::channel();
        std::thread::spawn(move || {
            let mut lines = BufReader::new(stdout).lines();
            if let Some(Ok(line)) = lines.next() {
                let _ = sender.send(line);
            }
            // Keep reading, so that the server never blocks on a full pipe.
            for _ in lines {}
        });
        let Ok(url) = receiver.recv_timeout(Duration::from_secs(30)) else {
            let _ = child.kill();
            panic!("the server printed no address within 30 s");
        };
        assert!(url.starts_with("http://") && url.ends_with('/'), "{url}");
        Server { child, url }
    }

    /// The process, to signal or wait for.
    #[allow(
        dead_code,
        reason = "the browser tests include this file and do not signal"
    )]
    pub fn child(&mut self) -> &mut Child {
        &mut self.child
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
